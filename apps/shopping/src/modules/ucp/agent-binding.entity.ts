import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which agent a token acts for (UCP overview.md: a verifier MUST confirm the authenticated
 * principal is authorized to act on behalf of the UCP-Agent profile it claims). A token is bound
 * to the first profile it negotiates with; the binding never changes.
 */
@Entity({ schema: 'shopping', name: 'agent_bindings' })
export class AgentBindingEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  tokenId!: string;

  @Column({ type: 'text' })
  profileUrl!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
