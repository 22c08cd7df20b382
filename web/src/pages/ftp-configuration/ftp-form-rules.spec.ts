import {
  bodyOf,
  canTestOrSave,
  formOf,
  NEW_FTP_FORM,
  switchProtocol,
  tlsFingerprintInvalid,
} from './ftp-form-rules';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').slice(-2),
).join(':');

describe('FTP configuration form rules (SPEC 4 and 5)', () => {
  it('starts a new configuration with FTP, port 21, PASSWORD, no send on approval', () => {
    expect(NEW_FTP_FORM).toMatchObject({
      sendFilesOnApproval: false,
      protocol: 'FTP',
      port: 21,
      authentication: 'PASSWORD',
    });
  });

  it('switches ports between 21 and 22 only when empty or the other default, and forces PASSWORD for FTP', () => {
    const sftp = switchProtocol(NEW_FTP_FORM, 'SFTP');
    expect([sftp.port, sftp.authentication]).toEqual([22, 'PASSWORD']);
    const withKey = { ...sftp, authentication: 'SSH_KEY' as const };
    expect(switchProtocol(withKey, 'FTP')).toMatchObject({ port: 21, authentication: 'PASSWORD' });
    expect(switchProtocol({ ...NEW_FTP_FORM, port: null }, 'SFTP').port).toBe(22);
    expect(switchProtocol({ ...NEW_FTP_FORM, port: null, protocol: 'SFTP' }, 'FTP').port).toBe(21);
    expect(switchProtocol({ ...NEW_FTP_FORM, port: 2222 }, 'SFTP').port).toBe(2222);
    expect(switchProtocol({ ...NEW_FTP_FORM, port: 2121, protocol: 'SFTP' }, 'FTP').port).toBe(2121);
    expect(switchProtocol({ ...NEW_FTP_FORM, ftps: true }, 'SFTP').ftps).toBe(false);
  });

  it('enables Test and Save only with host, port and username', () => {
    expect(canTestOrSave(NEW_FTP_FORM)).toBe(false);
    const filled = { ...NEW_FTP_FORM, host: 'lims.example', username: 'amplio' };
    expect(canTestOrSave(filled)).toBe(true);
    expect(canTestOrSave({ ...filled, port: null })).toBe(false);
    expect(canTestOrSave({ ...filled, host: '  ' })).toBe(false);
    expect(canTestOrSave({ ...filled, username: '' })).toBe(false);
  });

  it('sends only the secret of the chosen authentication, and none when left empty', () => {
    const form = { ...NEW_FTP_FORM, host: 'h', username: 'u', password: 'p', privateKey: 'k' };
    expect(bodyOf(form, undefined)).toMatchObject({ password: 'p', privateKey: undefined });
    const key = { ...switchProtocol(form, 'SFTP'), authentication: 'SSH_KEY' as const };
    expect(bodyOf(key, 'id')).toMatchObject({
      id: 'id',
      password: undefined,
      privateKey: 'k',
      passphrase: undefined,
    });
    expect(bodyOf({ ...form, password: '' }, 'id').password).toBeUndefined();
  });

  it('sends the FTPS certificate fingerprint (upper case) only for FTP with TLS, and refuses a malformed one', () => {
    const ftps = { ...NEW_FTP_FORM, host: 'h', username: 'u', ftps: true };
    expect(bodyOf({ ...ftps, tlsCertificateFingerprint: ` ${FINGERPRINT} ` }, undefined)).toMatchObject({
      ftps: true,
      tlsCertificateFingerprint: FINGERPRINT.toUpperCase(),
    });
    expect(bodyOf(ftps, undefined).tlsCertificateFingerprint).toBeUndefined();
    expect(
      bodyOf({ ...ftps, ftps: false, tlsCertificateFingerprint: FINGERPRINT }, undefined)
        .tlsCertificateFingerprint,
    ).toBeUndefined();
    const sftp = switchProtocol({ ...ftps, tlsCertificateFingerprint: FINGERPRINT }, 'SFTP');
    expect(bodyOf(sftp, undefined).tlsCertificateFingerprint).toBeUndefined();

    expect(tlsFingerprintInvalid({ ...ftps, tlsCertificateFingerprint: 'AB:CD' })).toBe(true);
    expect(canTestOrSave({ ...ftps, tlsCertificateFingerprint: 'AB:CD' })).toBe(false);
    expect(canTestOrSave({ ...ftps, tlsCertificateFingerprint: FINGERPRINT })).toBe(true);
    expect(tlsFingerprintInvalid({ ...ftps, ftps: false, tlsCertificateFingerprint: 'AB' })).toBe(false);
  });

  it('loads the stored FTPS fingerprint into the form', () => {
    const form = formOf({
      id: 'c',
      sendFilesOnApproval: true,
      protocol: 'FTP',
      host: 'h',
      port: 21,
      directory: '',
      authentication: 'PASSWORD',
      username: 'u',
      passwordSet: true,
      privateKeySet: false,
      passphraseSet: false,
      ftps: true,
      tlsCertificateFingerprint: FINGERPRINT.toUpperCase(),
      hostKeyFingerprint: null,
      exportFormat: 'xml',
      ownerId: 'o',
    });
    expect([form.ftps, form.tlsCertificateFingerprint, form.password]).toEqual([
      true,
      FINGERPRINT.toUpperCase(),
      '',
    ]);
  });
});
