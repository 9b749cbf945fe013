/**
 * The services of a project's durable workflow function on AWS (workflow.lambda.ts), wired by
 * composition-workflow-wiring.ts exactly as the local engine's are, with the AWS ports:
 *   - executions: LambdaDurableExecutions through the function's own alias (a task's `start`, a
 *     signal that waited in the inbox);
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
import { buildRuntime, type ProjectApiConfig } from './composition-root';
import { lambdaExecutions } from './composition-aws-workflows';
import type { WorkflowFunctionConfig } from './runtime-config';
import { workflowPieces, type WorkflowPieces } from './composition-workflow-wiring';
import { projectEndpoints } from './workflows/project-endpoints';
import type { OutgoingEndpoints } from './workflows/task-actions';

/** A stack synthesized without the control plane (the exported app, a test) cannot look endpoints up: a call step says so and fails. */
const NO_CONTROL_PLANE: OutgoingEndpoints = {
  resolve: (name) =>
    Promise.reject(
      new Error(`This project's stack names no control-plane table (the ProjectStack prop controlPlaneTableArn), so the outgoing endpoint ${name} cannot be looked up`),
    ),
};

function endpointsOf(config: ProjectApiConfig, table: WorkflowFunctionConfig['controlPlaneTable']): OutgoingEndpoints {
  if (!table) return NO_CONTROL_PLANE;
  // The control plane's region, which may differ from the project's (workflows run in us-east-2 only).
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: table.region }));
  const secrets = new SecretsManagerEndpointSecrets(new SecretsManagerClient({ region: table.region }));
  return projectEndpoints(new DynamoEndpointRepository(doc, table.name), secrets, config.projectId);
}

/** The durable handler and the rest of the pieces, built once per cold start. */
export async function buildAwsWorkflowFunction(config: ProjectApiConfig, workflow: WorkflowFunctionConfig): Promise<WorkflowPieces> {
  const built = await buildRuntime(config);
  return workflowPieces(
    built.services,
    {
      doc: built.doc,
      tableName: config.tableName,
      cursorSecret: built.cursorSecret,
      mailer: new SesWorkflowMailer({ client: new SESv2Client({ region: config.region }), from: workflow.mailFrom }),
      endpoints: endpointsOf(config, workflow.controlPlaneTable),
      sender: new HttpsSender({ allowedAddresses: [] }),
    },
    lambdaExecutions(workflow.transport, config.region),
  );
}
