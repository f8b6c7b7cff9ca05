import { Errors, PlatformError } from '@platform/errors';

export const ChannelErrorCode = {
  CHANNEL_NOT_FOUND: 'CHANNEL_NOT_FOUND',
} as const;

export const ChannelErrors = {
  /**
   * A channel that does not exist and one registered to none of the caller's stores answer alike:
   * 404, never 401 or 403 (the live API's 401 here is a known defect we do not copy).
   */
  channelNotFound(): PlatformError {
    return Errors.notFound('no such channel', ChannelErrorCode.CHANNEL_NOT_FOUND);
  },
};
