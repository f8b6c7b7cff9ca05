import type { BulkLineError } from './bulk-operation.entity';

/** The refused lines of an import: all of them counted, the first `keep` kept, in line order. */
export class LineErrorList {
  private readonly kept: BulkLineError[] = [];
  private total = 0;

  constructor(private readonly keep: number) {}

  add(line: number, message: string): void {
    this.total += 1;
    if (this.kept.length < this.keep) this.kept.push({ line, message });
  }

  get count(): number {
    return this.total;
  }

  get errors(): BulkLineError[] {
    return [...this.kept];
  }
}
