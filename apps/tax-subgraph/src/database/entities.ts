import { CalculationEntity } from '../modules/calculation/calculation.entity';
import { ClassificationEntity } from '../modules/classifications/classification.entity';
import { JurisdictionEntity } from '../modules/jurisdictions/jurisdiction.entity';
import { OverrideEntity } from '../modules/overrides/override.entity';
import { RateEntity } from '../modules/rates/rate.entity';
import { ReferenceEntity } from '../modules/references/reference.entity';
import { ClassificationMemberEntity } from '../modules/classifications/classification-member.entity';
import { ClassificationRateEntity } from '../modules/classifications/classification-rate.entity';
import { OverrideMemberEntity } from '../modules/overrides/override-member.entity';
import { OverrideRateEntity } from '../modules/overrides/override-rate.entity';

/** Every entity of schema `tax` (explicit list, no globs). Keep it sorted. */
export const TAX_ENTITIES = [
  CalculationEntity,
  ClassificationEntity,
  ClassificationMemberEntity,
  ClassificationRateEntity,
  JurisdictionEntity,
  OverrideEntity,
  OverrideMemberEntity,
  OverrideRateEntity,
  RateEntity,
  ReferenceEntity,
];
