import { Column, Entity } from 'typeorm';
import { OperationRecordBase } from '../../src/operation-record.entity';

export const TEST_SCHEMA = 'queue_test';

/** An operation the way a service declares one: its own entity, schema and fields. */
@Entity({ schema: TEST_SCHEMA, name: 'test_operation' })
export class TestOperation extends OperationRecordBase {
  @Column({ type: 'varchar', length: 64 })
  label!: string;
}
