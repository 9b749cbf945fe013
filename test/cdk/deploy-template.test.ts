/**
 * The template a deploy to AWS creates (lib/project/deploy-template.ts): every function's code
 * comes from the objects the control plane published (no CDK asset, no bootstrap), the stack is
 * for the project's region, and a blueprint with workflows refuses any region but the one with
 * Lambda durable functions.
 */
import { synthDeployTemplate } from '../../lib/project/deploy-template';
import { PROJECT_CODE_NAMES } from '../../lib/project/project-code';
import { goldenIr } from '../support/golden-ir';
import { synthesisRequest, TEST_CODE_KEYS } from '../support/synthesis-request';
import { goldenIrWithSchedules } from './scheduled-ir';

const CODE_KEYS = TEST_CODE_KEYS;
const input = synthesisRequest;

it('names the published code of every function and nothing of a CDK bootstrap', () => {
  // A blueprint with workflows and a scheduled job: its stack has every function of PROJECT_CODE_NAMES (the workflow and schedules functions too).
  const template = synthDeployTemplate(input(goldenIrWithSchedules('03-expense-approvals'), 'us-east-2'));
  const functions = Object.values(template.Resources ?? {}).filter((r) => r.Type === 'AWS::Lambda::Function');
  expect(functions).toHaveLength(PROJECT_CODE_NAMES.length);
  const codes = functions.map((f) => (f.Properties as { Code: { S3Bucket: string; S3Key: string } }).Code);
  expect(codes.map((c) => c.S3Bucket)).toEqual(PROJECT_CODE_NAMES.map(() => 'bgs-code-us-east-2'));
  expect(codes.map((c) => c.S3Key).sort()).toEqual(Object.values(CODE_KEYS).sort());
  const text = JSON.stringify(template);
  expect(text).not.toMatch(/cdk-hnb659fds|BootstrapVersion|AssetParameters/);
  // The deployment's ids travel in the stored blueprint.
  expect(text).toMatch(/deploymentId.{0,20}d1.{0,30}blueprintId.{0,20}b1/);
});

it('refuses a blueprint with workflows outside us-east-2, with the reason', () => {
  const withWorkflows = goldenIr('03-expense-approvals');
  expect(withWorkflows.workflows.length).toBeGreaterThan(0);
  expect(() => synthDeployTemplate(input(withWorkflows, 'eu-west-1'))).toThrow(
    'This blueprint has workflows, which run on Lambda durable functions, available in us-east-2 only: deploy its stack to us-east-2, not eu-west-1',
  );
  expect(() => synthDeployTemplate(input(withWorkflows, 'us-east-2'))).not.toThrow();
});

it('hands the sender of workflow mail to the workflow function, which may send only as that identity', () => {
  const template = synthDeployTemplate({ ...input(goldenIr('03-expense-approvals'), 'us-east-2'), workflowMailFrom: 'workflows@example.com' });
  const text = JSON.stringify(template);
  expect(text).toContain('"BGS_WORKFLOW_MAIL_FROM":"workflows@example.com"');
  expect(text).toMatch(/ses:SendEmail/);
  expect(text).toMatch(/identity\/example\.com/);
});

it("hands the control plane's table to a workflow function, whose reads stay in the project's partition", () => {
  const tableArn = 'arn:aws:dynamodb:us-east-1:111122223333:table/BgsControlPlane-Table';
  const template = synthDeployTemplate({ ...input(goldenIr('03-expense-approvals'), 'us-east-2'), controlPlaneTableArn: tableArn });
  const text = JSON.stringify(template);
  expect(text).toContain(`"BGS_CONTROL_PLANE_TABLE_ARN":"${tableArn}"`);
  expect(text).toMatch(/"dynamodb:LeadingKeys":\["PROJECT#p1"\]/);
});

it("lets the control plane's API reference pages try the project's calls: its origin joins the spec's in CORS, once", () => {
  const corsOf = (template: ReturnType<typeof synthDeployTemplate>) =>
    (Object.values(template.Resources as Record<string, { Type: string; Properties: { CorsConfiguration?: { AllowOrigins: string[] } } }>).find((r) => r.Type === 'AWS::ApiGatewayV2::Api')!.Properties.CorsConfiguration?.AllowOrigins);
  const ir = { ...goldenIr('01-task-tracker'), cors: { allowedOrigins: ['https://app.example.com'] } };
  const origin = 'https://bgs.example.org';
  expect(corsOf(synthDeployTemplate({ ...input(ir, 'us-east-1'), apiReferenceOrigin: origin }))).toEqual(['https://app.example.com', origin]);
  expect(corsOf(synthDeployTemplate(input(ir, 'us-east-1')))).toEqual(['https://app.example.com']);
  // A spec that allows any origin, or this one already, is left as it is; one with none gets CORS for the pages only.
  expect(corsOf(synthDeployTemplate({ ...input({ ...ir, cors: { allowedOrigins: ['*'] } }, 'us-east-1'), apiReferenceOrigin: origin }))).toEqual(['*']);
  expect(corsOf(synthDeployTemplate({ ...input({ ...ir, cors: { allowedOrigins: [origin] } }, 'us-east-1'), apiReferenceOrigin: origin }))).toEqual([origin]);
  expect(corsOf(synthDeployTemplate({ ...input({ ...ir, cors: { allowedOrigins: [] } }, 'us-east-1'), apiReferenceOrigin: origin }))).toEqual([origin]);
});

it("sends the project user pool's codes through SES from the deployer's sender, with a configuration set; else Cognito's default sender", () => {
  const poolOf = (template: ReturnType<typeof synthDeployTemplate>) =>
    Object.values(template.Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>).find((r) => r.Type === 'AWS::Cognito::UserPool')!.Properties;
  const ofType = (template: ReturnType<typeof synthDeployTemplate>, type: string) => Object.entries(template.Resources as Record<string, { Type: string }>).filter(([, r]) => r.Type === type);
  const ir = goldenIr('01-task-tracker');
  const withSes = synthDeployTemplate({ ...input(ir, 'us-east-1'), mailFrom: 'no-reply@mail.example.org' });
  const setId = ofType(withSes, 'AWS::SES::ConfigurationSet')[0]![0];
  expect(poolOf(withSes).EmailConfiguration).toEqual({
    EmailSendingAccount: 'DEVELOPER',
    From: `${ir.project.name} <no-reply@mail.example.org>`,
    SourceArn: { 'Fn::Join': ['', ['arn:aws:ses:us-east-1:', { Ref: 'AWS::AccountId' }, ':identity/no-reply@mail.example.org']] },
    ConfigurationSet: { Ref: setId },
  });
  const plain = synthDeployTemplate(input(ir, 'us-east-1'));
  expect(poolOf(plain).EmailConfiguration).toBeUndefined();
  expect(ofType(plain, 'AWS::SES::ConfigurationSet')).toEqual([]);
});
