import { Module } from '@nestjs/common';
import { ClassificationsModule } from '../classifications/classifications.module';
import { CalculationRepository } from './calculation.repository';
import { CalculationResolver } from './calculation.resolver';
import { CalculationService } from './calculation.service';
import { InternalTaxEstimatesController } from './internal-tax-estimates.controller';

@Module({
  imports: [ClassificationsModule],
  controllers: [InternalTaxEstimatesController],
  providers: [CalculationRepository, CalculationResolver, CalculationService],
})
export class CalculationModule {}
