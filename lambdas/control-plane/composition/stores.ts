/**
 * Providers of the control plane's stores: each over the caller's DynamoDB client and the
 * control-plane table (one provider per port, so a route's bundle holds only the ones it names).
 */
import { DynamoProjectRepository } from '../../adapters/dynamodb/project-repository';
import { DynamoUserProfileRepository } from '../../adapters/dynamodb/user-profile-repository';
import { DynamoSpecRepository } from '../../adapters/dynamodb/spec-repository';
import { DynamoConversationRepository } from '../../adapters/dynamodb/conversation-repository';
import { DynamoUsageRepository } from '../../adapters/dynamodb/usage-repository';
import { DynamoBlueprintRepository } from '../../adapters/dynamodb/blueprint-repository';
import { DynamoDeploymentRepository } from '../../adapters/dynamodb/deployment-repository';
import { tableSecret } from './table-secret';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

type StoreProvider<K extends keyof ControlPlanePorts> = Provider<ControlPlanePorts[K]>;

export const projects: StoreProvider<'projects'> = ({ doc, config }) => new DynamoProjectRepository(doc, config.tableName);
export const profiles: StoreProvider<'profiles'> = ({ doc, config }) => new DynamoUserProfileRepository(doc, config.tableName);
export const specs: StoreProvider<'specs'> = ({ doc, config }) => new DynamoSpecRepository(doc, config.tableName);
export const conversations: StoreProvider<'conversations'> = ({ doc, config }) => new DynamoConversationRepository(doc, config.tableName);
export const usage: StoreProvider<'usage'> = ({ doc, config }) => new DynamoUsageRepository(doc, config.tableName);
export const blueprints: StoreProvider<'blueprints'> = ({ doc, config }) => new DynamoBlueprintRepository(doc, config.tableName);
export const deployments: StoreProvider<'deployments'> = ({ doc, config }) => new DynamoDeploymentRepository(doc, config.tableName);

/** Only list routes read it. */
export const cursorSecret: StoreProvider<'cursorSecret'> = tableSecret('cursor-signing-key');
