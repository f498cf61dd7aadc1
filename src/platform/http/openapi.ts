import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type OperationObject } from '@nestjs/swagger';
import { APP_VERSION } from '../../config/app-version.js';

/** The error envelope (error-envelope.ts), which every refusal answers whatever its status. */
const ERROR_RESPONSE_SCHEMA = 'ErrorResponse';
const errorContent = { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE_SCHEMA}` } } };

/** The OpenAPI document of the whole API; committed as openapi.json and the source of the client's endpoints. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('FairDraw API')
    .setDescription('Certified random prize draws and free random number tools. The web client calls the same endpoints.')
    .setVersion(APP_VERSION)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key (fd_live_… or fd_test_…), for users whose API access is enabled. A live key makes real draws; a test key makes free test draws and changes only those (it buys nothing and changes no account in the admin console: 403). A wrong, revoked or switched-off key is refused with 401 on every endpoint, public ones too. Keys are created, listed and revoked from a browser session only (getApiKeys, createApiKey, revokeApiKey answer 403 to a key).',
      },
      'apiKey',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // Operation ids are set on every route; the generated hooks are named after them.
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
  // Without a key an endpoint answers the session's user, or a visitor: the key is optional everywhere.
  document.security = [{}, { apiKey: [] }];
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      [ERROR_RESPONSE_SCHEMA]: {
        type: 'object',
        description: 'Every error answer, whatever its status.',
        properties: {
          message: { type: 'string', description: 'What went wrong, for the person who asked.' },
          modelState: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
            description: 'For refused input: the field name and its messages.',
          },
          clientSecret: { type: 'string', description: 'For a card payment the bank asks the customer to authenticate (3-D Secure, status 402): the client secret for Stripe.js.' },
        },
        required: ['message'],
      },
    },
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as OperationObject[]) {
      for (const [status, response] of Object.entries(operation.responses)) if (Number(status) >= 400 && response && !('$ref' in response) && !response.content) response.content = errorContent;
      operation.responses.default = {
        description:
          'An error: 400 refused input (modelState names the fields), 401 not logged in or a wrong, revoked or switched-off API key, 402 a payment declined or to be authenticated, 403 not allowed (a test key on a live draw or a payment, another role), 404 not found or not yours, 409 a conflict (a draw that can no longer be changed), 413 too large, 414 a URL too long, 415 unsupported file, 429 too many requests (Retry-After), 503 a service unavailable.',
        content: errorContent,
      };
    }
  }
  return document;
}
