import { idSchema } from '@vigil/domain';
import { z } from 'zod';

export const projectParams = z.object({ id: idSchema });
export const projectRoleParams = z.object({ id: idSchema, roleId: idSchema });
export const projectProfileParams = z.object({ id: idSchema, key: idSchema });
export const moduleParams = z.object({ id: idSchema });
export const projectModuleParams = z.object({ id: idSchema, moduleId: idSchema });
export const userModuleDataParams = z.object({ id: idSchema, uiId: idSchema, moduleId: idSchema });
