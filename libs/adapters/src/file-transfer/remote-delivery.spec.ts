import { FileTransferError } from './file-transfer-error';
import { deliverToDirectory, HASH_CHECK_MAX_BYTES, type RemoteDirectory } from './remote-delivery';

/** An in-memory directory that records every operation, to check the order of the steps. */
class MemoryDirectory implements RemoteDirectory {
  readonly files = new Map<string, Buffer>();
  readonly log: string[] = [];
  /** Bytes kept of the next write, to imitate an upload cut short. */
  truncateNextWriteTo: number | undefined;

  size(name: string): Promise<number | undefined> {
    this.log.push(`size ${name}`);
    return Promise.resolve(this.files.get(name)?.length);
  }
  read(name: string): Promise<Buffer> {
    this.log.push(`read ${name}`);
    const file = this.files.get(name);
    return file ? Promise.resolve(file) : Promise.reject(new Error('missing'));
  }
  write(name: string, content: Buffer): Promise<void> {
    this.log.push(`write ${name}`);
    const kept = this.truncateNextWriteTo;
    this.truncateNextWriteTo = undefined;
    this.files.set(name, kept === undefined ? content : content.subarray(0, kept));
    return Promise.resolve();
  }
  rename(from: string, to: string): Promise<void> {
    this.log.push(`rename ${from} ${to}`);
    const file = this.files.get(from);
    if (!file || this.files.has(to)) return Promise.reject(new Error('rename refused'));
    this.files.delete(from);
    this.files.set(to, file);
    return Promise.resolve();
  }
  remove(name: string): Promise<void> {
    this.log.push(`remove ${name}`);
    this.files.delete(name);
    return Promise.resolve();
  }
}

async function failureOf(promise: Promise<unknown>): Promise<FileTransferError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof FileTransferError)) throw new Error('expected a FileTransferError');
  return outcome;
}

const file = { fileName: 'R-7_PL1_20261123-1930.xml', content: Buffer.from('<results/>') };

describe('deliverToDirectory', () => {
  it('writes under the temporary name, then renames to the final name', async () => {
    const dir = new MemoryDirectory();
    await expect(deliverToDirectory(dir, '/in', file)).resolves.toEqual({
      status: 'delivered',
      remotePath: '/in/R-7_PL1_20261123-1930.xml',
      bytes: 10,
    });
    expect(dir.log).toEqual([
      `size ${file.fileName}`,
      `size .${file.fileName}.part`,
      `write .${file.fileName}.part`,
      `size .${file.fileName}.part`,
      `rename .${file.fileName}.part ${file.fileName}`,
    ]);
    expect([...dir.files.keys()]).toEqual([file.fileName]);
  });

  it('returns alreadyDelivered without writing when the same content is there', async () => {
    const dir = new MemoryDirectory();
    dir.files.set(file.fileName, Buffer.from(file.content));
    await expect(deliverToDirectory(dir, '/in', file)).resolves.toMatchObject({
      status: 'alreadyDelivered',
      verifiedBy: 'sha256',
    });
    expect(dir.log.filter((step) => /^(write|rename|remove)/.test(step))).toEqual([]);
  });

  it('compares large files by size only, without reading them back', async () => {
    const big = { fileName: 'big.xml', content: Buffer.alloc(HASH_CHECK_MAX_BYTES + 1, 1) };
    const dir = new MemoryDirectory();
    dir.files.set('big.xml', Buffer.alloc(HASH_CHECK_MAX_BYTES + 1, 2));
    await expect(deliverToDirectory(dir, '/in', big)).resolves.toMatchObject({
      status: 'alreadyDelivered',
      verifiedBy: 'size',
    });
    expect(dir.log).toEqual(['size big.xml']);
  });

  it('refuses to replace a different file of the same name (other size or other content)', async () => {
    for (const existing of ['<other/>', '<result/>']) {
      const dir = new MemoryDirectory();
      dir.files.set(file.fileName, Buffer.from(existing));
      const failure = await failureOf(deliverToDirectory(dir, '/in', file));
      expect(failure).toMatchObject({ key: 'errorFtpFileConflict', params: { fileName: file.fileName } });
      expect(dir.files.get(file.fileName)?.toString()).toBe(existing);
    }
  });

  it('removes a stale temporary file before writing', async () => {
    const dir = new MemoryDirectory();
    dir.files.set(`.${file.fileName}.part`, Buffer.from('<res'));
    await deliverToDirectory(dir, '/in', file);
    expect(dir.log).toContain(`remove .${file.fileName}.part`);
    expect(dir.files.get(file.fileName)).toEqual(file.content);
    expect(dir.files.size).toBe(1);
  });

  it('never renames an upload that arrived incomplete', async () => {
    const dir = new MemoryDirectory();
    dir.truncateNextWriteTo = 4;
    const failure = await failureOf(deliverToDirectory(dir, '/in', file));
    expect(failure).toMatchObject({ key: 'errorFtpTransferFailed', retryable: true });
    expect(dir.files.has(file.fileName)).toBe(false);
  });

  it.each(['../escape.xml', 'a/b.xml', '.hidden.xml', 'run.xml.part', '', 'x'.repeat(201), 'bad name.xml'])(
    'refuses the unsafe file name %p before touching the server',
    async (fileName) => {
      const dir = new MemoryDirectory();
      const failure = await failureOf(
        deliverToDirectory(dir, '/in', { fileName, content: Buffer.from('x') }),
      );
      expect(failure).toMatchObject({ key: 'errorFtpInvalidConfiguration', params: { field: 'fileName' } });
      expect(dir.log).toEqual([]);
    },
  );
});
