import 'reflect-metadata';
import { CreateKitVersionDto } from '../kit-versions/dto/create-kit-version.dto';
import { CreateKitDto } from '../kits/dto/create-kit.dto';
import { ApiError } from './api-error';
import { createValidationPipe } from './validation.pipe';

const validate = (metatype: new () => object, value: object): Promise<unknown> =>
  createValidationPipe().transform(value, { type: 'body', metatype });

describe('Trimmed names (SPEC 5: required names)', () => {
  it('refuses a kit name or reference of spaces only', async () => {
    for (const body of [
      { name: '   ', reference: 'REF-1' },
      { name: 'Kit', reference: ' \t ' },
    ]) {
      const refusal = await validate(CreateKitDto, body).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiError);
    }
  });

  it('refuses a version of spaces only', async () => {
    await expect(validate(CreateKitVersionDto, { version: '  ' })).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps a name without its surrounding spaces', async () => {
    await expect(validate(CreateKitDto, { name: '  Kit A ', reference: ' R1' })).resolves.toEqual(
      expect.objectContaining({ name: 'Kit A', reference: 'R1' }),
    );
  });
});
