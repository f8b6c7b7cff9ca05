/** Channel types (public counterpart: the Channel `oneOf` discriminator). */
export const CHANNEL_TYPES = ['RETAIL', 'ONLINE', 'MOBILE', 'MARKETPLACE', 'SOCIAL', 'DEFAULT'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Channel statuses (public counterpart; default ACTIVE). */
export const CHANNEL_STATUSES = ['PENDING_SETUP', 'ACTIVE', 'INACTIVE', 'ERROR', 'REMOVED'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** Status of a channel's registration to one store (default ENABLED). */
export const CHANNEL_STORE_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type ChannelStoreStatus = (typeof CHANNEL_STORE_STATUSES)[number];
