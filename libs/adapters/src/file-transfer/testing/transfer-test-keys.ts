import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import { utils } from 'ssh2';
import { sshHostKeyFingerprint } from '../sftp-transfer-client';

export interface SshKeyPair {
  readonly privateKey: string;
  readonly publicKey: string;
  /** `SHA256:<base64>` of the public key, as OpenSSH prints it. */
  readonly fingerprint: string;
}

/**
 * A fresh ed25519 key pair. ssh2's generator writes a malformed public key (31 bytes, its leading
 * zero byte dropped: 78 keys in 20,000) that its own parser refuses; such a pair is drawn again.
 */
export function sshKeyPair(passphrase?: string): SshKeyPair {
  for (let attempt = 1; ; attempt += 1) {
    const pair = passphrase
      ? utils.generateKeyPairSync('ed25519', { passphrase, cipher: 'aes256-ctr', rounds: 16 })
      : utils.generateKeyPairSync('ed25519');
    const parsed = utils.parseKey(pair.public);
    if (parsed instanceof Error) {
      if (attempt < 8) continue;
      throw parsed;
    }
    return {
      privateKey: pair.private,
      publicKey: pair.public,
      fingerprint: sshHostKeyFingerprint(parsed.getPublicSSH()),
    };
  }
}

export interface TlsCertificate {
  readonly key: string;
  readonly cert: string;
  readonly fingerprint256: string;
}

/** A self-signed certificate for 127.0.0.1 (IP subject alternative name). */
export async function selfSignedCertificate(): Promise<TlsCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'amplio-test' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 2 * 86_400_000),
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  return {
    key: pems.private,
    cert: pems.cert,
    fingerprint256: new X509Certificate(pems.cert).fingerprint256,
  };
}
