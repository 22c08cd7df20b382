export { parsePlatePlan, type PlatePlanEntry } from './plate-plan.parser';
