// Tests' shorthand: a text parsed and validated on its own (the built-in kinds, no workspace).
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile, type Diag, type ValidateOptions } from '../../server/src/service/checks/validate';

export const validateText = (text: string, options: ValidateOptions = {}): Diag[] =>
  validateFile(parseFile(text), options);
