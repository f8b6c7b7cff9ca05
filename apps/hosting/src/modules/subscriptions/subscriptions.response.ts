import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse, appPath } from '../apps/apps.response';
import { APP_STATES, ATTACH_STATES } from './app-subscription.entity';
import { HOSTING_PRODUCTS } from './subscription.entity';
import type { AttachmentView } from './subscriptions.service';

export class SubscriptionAttachmentResponse {
  @ApiProperty({ format: 'uuid' }) subscriptionId!: string;
  @ApiProperty({ enum: HOSTING_PRODUCTS, description: 'Open enum' }) hostingProduct!: string;
  @ApiProperty({ enum: ATTACH_STATES, description: 'Open enum; CANCELLED is reserved' }) attachState!: string;
  @ApiProperty({ enum: APP_STATES, description: 'Open enum' }) appState!: string;
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

export function toSubscriptionAttachmentResponse(view: AttachmentView): SubscriptionAttachmentResponse {
  const { attachment, subscription } = view;
  return {
    subscriptionId: subscription.subscriptionId,
    hostingProduct: subscription.hostingProduct,
    attachState: attachment.attachState,
    appState: attachment.appState,
    links: [
      { rel: 'self', href: `${appPath(attachment.appId)}/subscription` },
      { rel: 'app', href: appPath(attachment.appId) },
    ],
  };
}
