import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';
import type { CheckoutInput } from '../checkout/checkout-input';
import type { UcpLineItem, UcpMessage, UcpTotal } from '../ucp/ucp-types';

/** active → converted (a checkout was made of it) or canceled; UCP shows no status, only found / not found. */
export type CartState = 'active' | 'converted' | 'canceled';

/** A UCP cart (cart.json): lines priced by the business, no payment, no order. */
@Entity({ schema: 'shopping', name: 'carts' })
@Index('carts_account_idx', ['accountId', 'createdAt'])
export class CartEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 48 })
  business!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: CartState;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'jsonb' })
  input!: CheckoutInput;

  @Column({ type: 'jsonb' })
  lineItems!: UcpLineItem[];

  @Column({ type: 'jsonb' })
  totals!: UcpTotal[];

  @Column({ type: 'jsonb' })
  messages!: UcpMessage[];

  @Column({ type: 'jsonb' })
  appliedDiscounts!: { code: string; title: string; amount: number }[];

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @VersionColumn()
  version!: number;
}
