/** Who is calling: the token's account, the token itself and what it may do. */
export interface Principal {
  readonly accountId: string;
  readonly tokenId: string;
  readonly scopes: readonly string[];
}
