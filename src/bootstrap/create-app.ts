import type { IncomingMessage } from 'node:http';
import { Logger, type LoggerService, type LogLevel } from '@nestjs/common';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../app.module.js';
import { clearNotifiedCachesAfterWrites } from '../platform/database/notified-cache.js';
import { validateEnvironment } from '../config/environment.js';
import {
  inlineScriptHashes,
  PUBLIC_CERTIFICATE_READER,
  PUBLIC_SITE_CONFIGURATION_READER,
  type PublicCertificateReader,
  type PublicSiteConfigurationReader,
  serveClientApp,
} from '../platform/http/client-app.js';
import { refuseCrossSiteStateChanges } from '../platform/http/cross-site.js';
import { ErrorEnvelopeFilter } from '../platform/http/error-envelope.filter.js';
import { buildOpenApiDocument } from '../platform/http/openapi.js';
import { refuseUnusableInput } from '../platform/http/request-input.js';
import { markApiAnswersPrivate } from '../platform/http/public-answers.js';
import { registerSecurityHeaders } from '../platform/http/security-headers.js';
import { registerSessions } from '../platform/http/sessions.js';
import { requestIdOf, REQUEST_ID_HEADER } from '../platform/logging/request-context.js';
import { registerRequestLogging } from '../platform/logging/request-logging.js';
import { createValidationPipe } from '../platform/http/validation.js';

export interface CreateAppOptions {
  databaseUrl: string;
  env?: Record<string, string>;
  logger?: LoggerService | LogLevel[] | false;
}

/**
 * Builds the application exactly as production runs it (pipes, error envelope, OpenAPI, client) without listening,
 * so that tests exercise the same pipeline as `npm start`.
 */
export async function createApp(options: CreateAppOptions): Promise<NestFastifyApplication> {
  const environment = validateEnvironment({ ...process.env, ...options.env });
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: environment.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot({ environment, databaseUrl: options.databaseUrl }), adapter, {
    logger: options.logger ?? ['error', 'warn', 'log'],
    abortOnError: false,
    // Webhook signatures are computed over the exact bytes received.
    rawBody: true,
  });
  // First, so that every later hook and handler logs with the request's id.
  registerRequestLogging(app.getHttpAdapter().getInstance());
  refuseCrossSiteStateChanges(app.getHttpAdapter().getInstance());
  refuseUnusableInput(app.getHttpAdapter().getInstance());
  clearNotifiedCachesAfterWrites(app.getHttpAdapter().getInstance());
  markApiAnswersPrivate(app.getHttpAdapter().getInstance());
  registerSecurityHeaders(app.getHttpAdapter().getInstance(), environment.NODE_ENV === 'production', {
    inlineScriptHashes: inlineScriptHashes(environment.CLIENT_DIST_DIR),
    analyticsId: environment.ANALYTICS_ID,
    chatWidgetUrl: environment.CHAT_WIDGET_URL,
    contentHosts: environment.CONTENT_HOSTS,
    recaptchaSiteKey: environment.RECAPTCHA_SITE_KEY,
    stripeJsUrl: environment.STRIPE_PUBLISHABLE_KEY ? environment.STRIPE_JS_URL : undefined,
    paypalSdkUrl: environment.PAYPAL_CLIENT_ID && environment.PAYPAL_SECRET ? environment.PAYPAL_SDK_URL : undefined,
  });
  await registerSessions(app, environment, options.databaseUrl);
  // Uploads stream part by part (never buffered); each route passes its own file size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 100 } });
  app.useGlobalPipes(createValidationPipe());
  const clientFallback = await serveClientApp(app, environment.CLIENT_DIST_DIR, {
    allowedHostnames: environment.ALLOWED_HOSTNAMES,
    certificates: app.get<PublicCertificateReader>(PUBLIC_CERTIFICATE_READER),
    siteConfigurations: app.get<PublicSiteConfigurationReader>(PUBLIC_SITE_CONFIGURATION_READER),
    // A third-party service that counts or greets every visit needs the app running from the page's load.
    startAtLoad: Boolean(environment.ANALYTICS_ID || environment.CHAT_WIDGET_URL),
    publicCache: { maxAgeSeconds: environment.PUBLIC_CACHE_MAX_AGE_SECONDS, staleSeconds: environment.PUBLIC_CACHE_STALE_SECONDS },
  });
  if (!clientFallback) new Logger('Client').warn(`No client build in ${environment.CLIENT_DIST_DIR}: run npm run build:client`);
  app.useGlobalFilters(new ErrorEnvelopeFilter(clientFallback));
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });
  await app.init();
  return app;
}
