import { ApiProperty } from '@nestjs/swagger';
import { KitVersionAnalyserDto } from './kit-version-analyser.dto';
import { KitVersionRefDto } from './kit-version-ref.dto';
import { NamedRefDto } from './named-ref.dto';

/** SPEC 3 KitVersion: official (laboratoryId null) or laboratory version. */
export class KitVersionDto {
  @ApiProperty() id!: string;
  @ApiProperty({ type: NamedRefDto }) kit!: NamedRefDto;
  @ApiProperty() version!: string;
  @ApiProperty() locked!: boolean;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({ type: String, nullable: true }) laboratoryId!: string | null;
  @ApiProperty({ type: String, nullable: true }) laboratoryName!: string | null;
  @ApiProperty() laboratoryVersionsConfiguredSize!: number;
  @ApiProperty({ type: KitVersionRefDto, nullable: true }) source!: KitVersionRefDto | null;
  @ApiProperty({ type: String, nullable: true }) officialVersionId!: string | null;
  @ApiProperty({ type: [NamedRefDto] }) lots!: NamedRefDto[];
  @ApiProperty({ type: [KitVersionAnalyserDto] }) analysers!: KitVersionAnalyserDto[];
  @ApiProperty({ format: 'date-time' }) createdDate!: string;
  @ApiProperty({ description: 'Optimistic version: send it back to lock' }) rowVersion!: number;
}
