import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Storage of the token → agent profile bindings (`shopping.agent_bindings`). */
@Injectable()
export class AgentBindingsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Binds the token to `profileUrl` unless it is bound; the profile bound now, undefined when it already was. */
  async bindUnlessBound(tokenId: string, profileUrl: string): Promise<string | undefined> {
    const made = (await this.manager.query(
      `INSERT INTO shopping.agent_bindings (token_id, profile_url) VALUES ($1, $2)
       ON CONFLICT (token_id) DO NOTHING RETURNING profile_url`,
      [tokenId, profileUrl],
    )) as { profile_url: string }[];
    return made[0]?.profile_url;
  }

  /** The profile the token is bound to, in a statement of its own. */
  async findProfileUrl(tokenId: string): Promise<string> {
    const [bound] = (await this.manager.query(
      `SELECT profile_url FROM shopping.agent_bindings WHERE token_id = $1`,
      [tokenId],
    )) as { profile_url: string }[];
    return bound.profile_url;
  }
}
