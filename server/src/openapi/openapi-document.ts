import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { loadConfig } from '@amplio/config';
import { createDataSource } from '@amplio/db';
import { AppModule } from '../app.module';

export function describeApi(version: string): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setTitle('Amplio API')
    .setDescription('Real-time PCR run import, interpretation and review (research use only).')
    .setVersion(version)
    .addBearerAuth()
    .build();
}

/**
 * The OpenAPI document, generated from the controllers without starting anything: the app is built
 * in preview mode, so no provider (database, queue) is instantiated.
 */
export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({});
  const app = await NestFactory.create(
    AppModule.forRoot({
      config,
      dataSource: createDataSource('postgres://preview@127.0.0.1:1/preview'),
      redis: null,
      verifier: { verify: () => Promise.reject(new Error('preview')) },
    }),
    { preview: true, logger: false },
  );
  app.setGlobalPrefix('api');
  const document = SwaggerModule.createDocument(app, describeApi(config.version));
  await app.close();
  return document;
}
