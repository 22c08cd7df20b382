/**
 * Loads an ECMAScript module (oidc-provider, jose) from this CommonJS build.
 *
 * SWC and tsc rewrite a literal `import('x')` into `require('x')` when emitting CommonJS, which
 * breaks on ESM-only packages in Jest and in older Node releases. Building the call with
 * `new Function` keeps a real dynamic `import()` in the emitted JavaScript.
 *
 * Inside Jest's VM (no `--experimental-vm-modules`) the import fails with
 * ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING; the identity tests therefore run the provider and the
 * verifier in a child Node process (see testing/).
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- deliberate: keeps a native import() that the CommonJS emit would otherwise turn into require()
const dynamicImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

export async function importEsm<T>(specifier: string): Promise<T> {
  return (await dynamicImport(specifier)) as T;
}
