import { MESSAGES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { isOwnModuleRemoval } from './refusal.ts';

const error = (status: number, message: string) =>
  new ApiError('/ui/api/v1/modules/m1', status, 'Bad Request', { error_type: 'ValidationError', message });

describe('isOwnModuleRemoval', () => {
  it('recognises the server refusing to take the caller’s own role off a module', () => {
    expect(isOwnModuleRemoval(error(400, MESSAGES.ownModuleRemoval))).toBe(true);
  });

  it('is false for any other failure', () => {
    expect(isOwnModuleRemoval(error(400, 'Unknown roles'))).toBe(false);
    expect(isOwnModuleRemoval(error(403, MESSAGES.ownModuleRemoval))).toBe(false);
    expect(isOwnModuleRemoval(new Error(MESSAGES.ownModuleRemoval))).toBe(false);
  });
});
