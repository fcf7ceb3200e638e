export * from './api.ts';
export * from './auth.ts';
export * from './features.ts';
export * from './locales.ts';
export * from './messages.ts';
export * from './modules.ts';
export * from './roles.ts';
