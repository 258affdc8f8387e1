export { ConnectionStore, isDemoConnectionId } from './connection-store.ts';
export type { ConnectionStoreOptions, ResolvedConnection } from './connection-store.ts';
export { DemoOperator } from '../demo-operator.ts';
export type { DemoEndpoints, DemoClient, StartDemo } from '../demo-operator.ts';
export { AppFailure, isAppFailure } from '../app-failure.ts';
export {
  openConfSettingsStore,
  openRepairedStore,
  salvageSettingsText,
  repairSettingsFile,
  sanitizeSettingsData,
  settingsStoreOptions,
  settingsJsonSchema,
  adaptStore,
  SETTINGS_CONFIG_NAME,
  SETTINGS_PROJECT_NAME,
  DEFAULT_SETTINGS,
} from './settings-file.ts';
export type { KeyValueStore, StoredConnection, OpenedSettingsStore } from './settings-file.ts';
export { OperatorClients } from '../operator/operator-clients.ts';
export type { CreateOperatorClient } from '../operator/operator-clients.ts';
