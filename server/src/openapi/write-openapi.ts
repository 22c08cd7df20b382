import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi-document';

/** Writes the OpenAPI document to the path given (npm run openapi). */
buildOpenApiDocument()
  .then((document) => {
    const target = process.argv[2] ?? 'web/src/api/openapi.json';
    writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`OpenAPI document written to ${target}`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
