export { ConnectionStore } from './connection-store.ts';
export type { ResolvedConnection } from './connection-store.ts';
export { EmbeddedDemoOperator } from '../embedded-demo-operator.ts';
export type { StartDemo } from '../embedded-demo-operator.ts';
export { AppFailure } from '../app-failure.ts';
export {
  openConfSettingsStore,
  openRepairedStore,
  settingsStoreOptions,
  adaptStore,
  SETTINGS_CONFIG_NAME,
} from './settings-file.ts';
export type { KeyValueStore, OpenedSettingsStore } from './settings-file.ts';
export { OperatorClients } from './operator-clients.ts';
export type { CreateOperatorClient } from './operator-clients.ts';
