/** A secret of the control-plane table as a port: read on first use, then kept (a GetItem, or a PutItem the first time ever); a failed read is tried again next time. */
import { loadOrCreateSecret } from '../../adapters/dynamodb/secrets';
import type { Provider } from './root';

export function tableSecret(name: string): Provider<() => Promise<string>> {
  return ({ doc, config }) => {
    let value: Promise<string> | undefined;
    return () => {
      value ??= loadOrCreateSecret(doc, config.tableName, name).catch((err: unknown) => {
        value = undefined;
        throw err;
      });
      return value;
    };
  };
}
