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

export function sshKeyPair(passphrase?: string): SshKeyPair {
  const pair = passphrase
    ? utils.generateKeyPairSync('ed25519', { passphrase, cipher: 'aes256-ctr', rounds: 16 })
    : utils.generateKeyPairSync('ed25519');
  const parsed = utils.parseKey(pair.public);
  if (parsed instanceof Error) throw parsed;
  return {
    privateKey: pair.private,
    publicKey: pair.public,
    fingerprint: sshHostKeyFingerprint(parsed.getPublicSSH()),
  };
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
