export { SecretBox, SecretDecryptionError, type SecretDecryptionReason } from './secret-box';
export {
  loadOrCreateSecretKey,
  secretKeyFromBase64,
  SecretKey,
  SecretKeyError,
  SECRET_KEY_BYTES,
} from './secret-key';
