import { Module } from '@nestjs/common';
import { ClassificationsModule } from '../classifications/classifications.module';
import { CalculationResolver } from './calculation.resolver';
import { CalculationService } from './calculation.service';

@Module({
  imports: [ClassificationsModule],
  providers: [CalculationResolver, CalculationService],
})
export class CalculationModule {}
