/**
 * What workflow tasks, event handlers and scheduled jobs reach outside the project's table on AWS
 * (WorkflowTaskPorts), for every function that runs their actions (the workflow function, the
 * stream function, the event-jobs function):
 *   - mail: SES v2 from the stack's configured sender;
 *   - endpoints: the control plane's table (GetItem on the project's own partition only) and
 *     Secrets Manager (bgs/endpoints/<projectId>/*), both in the control plane's region;
 *   - requests: the one HTTPS sender, with no non-public address allowed, ever.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoEndpointRepository } from '../adapters/dynamodb/endpoint-repository';
import { HttpsSender } from '../adapters/outgoing/https-sender';
import { SecretsManagerEndpointSecrets } from '../adapters/secrets/secrets-manager-endpoint-secrets';
import { SesWorkflowMailer } from '../adapters/ses/ses-workflow-mailer';
import type { ProjectApiConfig } from './composition-root';
import type { WorkflowTaskPorts } from './composition-workflow-wiring';
import type { TaskPortsConfig } from './runtime-config';
import { projectEndpoints } from './workflows/project-endpoints';
import type { OutgoingEndpoints } from './workflows/task-actions';

/** A stack synthesized without the control plane (the exported app, a test) cannot look endpoints up: a call step says so and fails. */
const NO_CONTROL_PLANE: OutgoingEndpoints = {
  resolve: (name) =>
    Promise.reject(
      new Error(`This project's stack names no control-plane table (the ProjectStack prop controlPlaneTableArn), so the outgoing endpoint ${name} cannot be looked up`),
    ),
};

function endpointsOf(config: ProjectApiConfig, table: TaskPortsConfig['controlPlaneTable']): OutgoingEndpoints {
  if (!table) return NO_CONTROL_PLANE;
  // The control plane's region, which may differ from the project's.
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: table.region }));
  const secrets = new SecretsManagerEndpointSecrets(new SecretsManagerClient({ region: table.region }));
  return projectEndpoints(new DynamoEndpointRepository(doc, table.name), secrets, config.projectId);
}

export function awsTaskPorts(config: ProjectApiConfig, ports: TaskPortsConfig): WorkflowTaskPorts {
  return {
    mailer: new SesWorkflowMailer({ client: new SESv2Client({ region: config.region }), from: ports.mailFrom }),
    endpoints: endpointsOf(config, ports.controlPlaneTable),
    sender: new HttpsSender({ allowedAddresses: [] }),
  };
}
