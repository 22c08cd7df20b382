export { rotorGeneParser, parseRotorGene, looksLikeRex, ROTOR_GENE_FORMAT_ID } from './rex-parser';
export { rotorTubeToPosition, rotorPlateType, rotorChannelDye, rotorChannelColour } from './rotor-positions';
