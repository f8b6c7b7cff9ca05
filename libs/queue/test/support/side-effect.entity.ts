import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TEST_SCHEMA } from './test-operation.entity';

/** One row per applied handler commit, so tests can count effects. */
@Entity({ schema: TEST_SCHEMA, name: 'side_effect' })
export class SideEffect {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'uuid' })
  operationId!: string;
}
