import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';

/**
 * Error statuses a controller or an operation describes in its own words, by status
 * (`{ 404: 'STORE_NOT_FOUND' }`); the body of each comes from the app's OpenApiArea.
 */
export type ApiErrorDescriptions = Readonly<Record<number, string>>;

/** One Swagger response per status of `errors`, with its description. */
export function ApiErrorResponses(errors: ApiErrorDescriptions): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...Object.entries(errors).map(([status, description]: [string, string]) =>
      ApiResponse({ status: Number(status), description }),
    ),
  );
}

/** What the document says of a controller whose routes take a bearer token. */
export interface ApiBearerControllerOptions {
  /** The tag its operations are listed under. */
  readonly tag: string;
  /** Documents the optional `X-Request-Id` request header the service echoes. */
  readonly requestId?: boolean;
  /** Error statuses every route of the controller may answer. */
  readonly errors?: ApiErrorDescriptions;
}

/**
 * The Swagger head of a controller whose routes take a bearer token: its tag, the bearer
 * security, the echoed `X-Request-Id` header when asked, and the error statuses common to its
 * routes.
 */
export function ApiBearerController(options: ApiBearerControllerOptions): ClassDecorator {
  return applyDecorators(
    ApiTags(options.tag),
    ApiBearerAuth(),
    ...(options.requestId
      ? [ApiHeader({ name: 'X-Request-Id', required: false, description: 'uuid; echoed' })]
      : []),
    ApiErrorResponses(options.errors ?? {}),
  );
}
