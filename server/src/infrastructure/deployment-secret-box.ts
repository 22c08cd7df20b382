import { join } from 'node:path';
import { SecretBox, loadOrCreateSecretKey, secretKeyFromBase64 } from '@amplio/adapters';
import type { AppConfig } from '@amplio/config';

/**
 * The deployment's box for secrets at rest (FTP passwords and keys, the OIDC signing keys):
 * AMPLIO_SECRET_KEY, or `secret.key` beside the embedded database (created once, mode 600). Every
 * process of a scaled deployment needs the same AMPLIO_SECRET_KEY (docs/security.md).
 */
export function deploymentSecretBox(config: AppConfig): SecretBox {
  return new SecretBox(
    config.secretKey
      ? secretKeyFromBase64(config.secretKey)
      : loadOrCreateSecretKey(join(config.dataDir, 'secret.key')),
  );
}
