import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { APP_VERSION } from '../../config/app-version.js';

/** The OpenAPI document of the whole API; committed as openapi.json and the source of the client's endpoints. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('FairDraw API')
    .setDescription('Certified random prize draws and free random number tools. The web client calls the same endpoints.')
    .setVersion(APP_VERSION)
    .build();
  return SwaggerModule.createDocument(app, config, {
    // Operation ids are set on every route; the generated hooks are named after them.
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
}
