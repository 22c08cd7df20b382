import type {
  FtpAuthentication,
  FtpConfiguration,
  FtpConfigurationBody,
  FtpProtocol,
} from '../../api/file-transfer-api';

export const FTP_DEFAULT_PORT = 21;
export const SFTP_DEFAULT_PORT = 22;

/** The form's values; secrets are typed in again (never loaded from the server). */
export type FtpForm = {
  sendFilesOnApproval: boolean;
  protocol: FtpProtocol;
  host: string;
  port: number | null;
  directory: string;
  authentication: FtpAuthentication;
  username: string;
  password: string;
  privateKey: string;
  passphrase: string;
  ftps: boolean;
  /** FTPS: the accepted certificate's SHA-256 fingerprint ("AB:CD:..."); empty = a publicly trusted chain. */
  tlsCertificateFingerprint: string;
  hostKeyFingerprint: string | null;
};

/** SPEC 4 "FTP": a new configuration's defaults. */
export const NEW_FTP_FORM: FtpForm = {
  sendFilesOnApproval: false,
  protocol: 'FTP',
  host: '',
  port: FTP_DEFAULT_PORT,
  directory: '',
  authentication: 'PASSWORD',
  username: '',
  password: '',
  privateKey: '',
  passphrase: '',
  ftps: false,
  tlsCertificateFingerprint: '',
  hostKeyFingerprint: null,
};

export function formOf(configuration: FtpConfiguration): FtpForm {
  return {
    ...NEW_FTP_FORM,
    sendFilesOnApproval: configuration.sendFilesOnApproval,
    protocol: configuration.protocol,
    host: configuration.host,
    port: configuration.port,
    directory: configuration.directory,
    authentication: configuration.authentication,
    username: configuration.username,
    ftps: configuration.ftps,
    tlsCertificateFingerprint: configuration.tlsCertificateFingerprint ?? '',
    hostKeyFingerprint: configuration.hostKeyFingerprint ?? null,
  };
}

/**
 * SPEC 4: choosing FTP forces PASSWORD and sets port 21 when the port was empty or 22; choosing
 * SFTP sets port 22 when it was empty or 21. Another port is kept.
 */
export function switchProtocol(form: FtpForm, protocol: FtpProtocol): FtpForm {
  if (protocol === 'FTP')
    return {
      ...form,
      protocol,
      authentication: 'PASSWORD',
      port: form.port === null || form.port === SFTP_DEFAULT_PORT ? FTP_DEFAULT_PORT : form.port,
    };
  return {
    ...form,
    protocol,
    ftps: false,
    port: form.port === null || form.port === FTP_DEFAULT_PORT ? SFTP_DEFAULT_PORT : form.port,
  };
}

const SHA256_FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/** The fingerprint as the server stores it: upper-case hex pairs joined by colons (spaces dropped). */
export function normalisedFingerprint(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** FTPS only: a fingerprint that is filled must be 32 hex pairs separated by colons. */
export function tlsFingerprintInvalid(form: FtpForm): boolean {
  if (form.protocol !== 'FTP' || !form.ftps) return false;
  const value = normalisedFingerprint(form.tlsCertificateFingerprint);
  return value !== '' && !SHA256_FINGERPRINT.test(value);
}

/**
 * SPEC 5 "FTP": Test and Save are disabled unless host, port and username are filled (and, beyond
 * the SPEC, while a filled FTPS certificate fingerprint is malformed).
 */
export function canTestOrSave(form: FtpForm): boolean {
  return (
    form.host.trim() !== '' &&
    form.port !== null &&
    form.username.trim() !== '' &&
    !tlsFingerprintInvalid(form)
  );
}

/** The body sent to Test or Save: empty secrets are left out (the server keeps the stored ones). */
export function bodyOf(form: FtpForm, id: string | undefined): FtpConfigurationBody {
  const sshKey = form.authentication === 'SSH_KEY';
  return {
    id,
    sendFilesOnApproval: form.sendFilesOnApproval,
    protocol: form.protocol,
    host: form.host.trim(),
    port: form.port ?? (form.protocol === 'FTP' ? FTP_DEFAULT_PORT : SFTP_DEFAULT_PORT),
    directory: form.directory.trim(),
    authentication: form.authentication,
    username: form.username.trim(),
    password: !sshKey && form.password ? form.password : undefined,
    privateKey: sshKey && form.privateKey ? form.privateKey : undefined,
    passphrase: sshKey && form.passphrase ? form.passphrase : undefined,
    ftps: form.protocol === 'FTP' ? form.ftps : undefined,
    tlsCertificateFingerprint:
      form.protocol === 'FTP' && form.ftps && form.tlsCertificateFingerprint.trim()
        ? normalisedFingerprint(form.tlsCertificateFingerprint)
        : undefined,
    hostKeyFingerprint: form.protocol === 'SFTP' ? (form.hostKeyFingerprint ?? undefined) : undefined,
  };
}
