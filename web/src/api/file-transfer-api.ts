import { apiFetch } from './api-client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type FtpProtocol = 'FTP' | 'SFTP';
export type FtpAuthentication = 'PASSWORD' | 'SSH_KEY';

/** GET /ftp-connection: never any secret, only whether each is set. */
export type FtpConfiguration = Schemas['FtpConfigurationDto'];

/** POST/PUT /ftp-connection and POST /ftp/test (server: SaveFtpConfigurationDto); absent secret = keep. */
export type FtpConfigurationBody = {
  id?: string;
  sendFilesOnApproval: boolean;
  protocol: FtpProtocol;
  host: string;
  port: number;
  directory: string;
  authentication: FtpAuthentication;
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
  ftps?: boolean;
  /** FTPS: SHA-256 fingerprint of the accepted certificate ("AB:CD:..."); absent = a publicly trusted chain. */
  tlsCertificateFingerprint?: string;
  hostKeyFingerprint?: string;
};

export type FtpTestResult = {
  protocol: FtpProtocol;
  hostKeyFingerprint?: string;
  tlsCertificateFingerprint256?: string;
  hostKeyChanged: boolean;
  storedHostKeyFingerprint: string | null;
};

export type FtpSendResult = {
  runId: string;
  ftpSent: boolean | null;
  state: 'PENDING' | 'SENT' | 'FAILED';
  message?: string;
  params?: string[];
};

export const getFtpConfiguration = (): Promise<FtpConfiguration> =>
  apiFetch<FtpConfiguration>('/ftp-connection');
export const createFtpConfiguration = (body: FtpConfigurationBody): Promise<FtpConfiguration> =>
  apiFetch<FtpConfiguration>('/ftp-connection', { method: 'POST', json: body });
export const updateFtpConfiguration = (body: FtpConfigurationBody): Promise<FtpConfiguration> =>
  apiFetch<FtpConfiguration>('/ftp-connection', { method: 'PUT', json: body });
export const deleteFtpConfiguration = (id: string): Promise<void> =>
  apiFetch<void>(`/ftp-connection/${encodeURIComponent(id)}`, { method: 'DELETE', responseType: 'none' });
export const isFtpConfigurationValid = (): Promise<boolean> =>
  apiFetch<boolean>('/ftp-connection/configuration/valid');
export const testFtpConnection = (body: FtpConfigurationBody): Promise<FtpTestResult> =>
  apiFetch<FtpTestResult>('/ftp/test', { method: 'POST', json: body });
export const sendRunFile = (runId: string): Promise<FtpSendResult> =>
  apiFetch<FtpSendResult>(`/ftp/send/run/${encodeURIComponent(runId)}`, { method: 'POST' });

/** TanStack Query keys of the FTP data. */
export const ftpQueryKeys = {
  configuration: ['ftp-configuration'] as const,
  valid: ['ftp-configuration', 'valid'] as const,
};
