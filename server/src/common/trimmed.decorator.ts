import { Transform } from 'class-transformer';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * Trims a text field before it is validated, so that `@IsNotEmpty()` refuses a name of spaces only
 * (SPEC 5: required names) and what is stored has no surrounding spaces.
 */
export const Trimmed = (): PropertyDecorator => Transform(trim);
