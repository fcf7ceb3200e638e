import { MESSAGES } from '@vigil/domain';
import { ApiError } from '../../../api/api-error.ts';

/** The server refused to take the caller's own role off a module he has (requirements#shell-validation). */
export const isOwnModuleRemoval = (error: unknown): boolean =>
  error instanceof ApiError && error.isValidation && error.message === MESSAGES.ownModuleRemoval;

/** A module change the server refused because it would lock the caller out of the module. */
export interface ModuleRefusal {
  moduleName: string;
  roleName: string;
}
