/**
 * The workflow mailer on AWS (adapters/ses/ses-workflow-mailer.ts) against a mocked SES v2
 * client: one plain-text SendEmail per recipient from the configured sender, and a notify step
 * without a sender fails saying why instead of dropping its mail.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { SesWorkflowMailer } from '../../lambdas/adapters/ses/ses-workflow-mailer';

const ses = mockClient(SESv2Client);
beforeEach(() => ses.reset());

describe('SesWorkflowMailer', () => {
  it('sends one plain-text mail to the one recipient, from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mailer = new SesWorkflowMailer({ client: new SESv2Client({ region: 'us-east-2' }), from: 'workflows@example.org' });
    await mailer.send({ to: 'manager@example.org', subject: 'Report waiting', body: 'Please approve.\n\nExpenseReport r1' });
    expect(ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)).toEqual([
      {
        FromEmailAddress: 'workflows@example.org',
        Destination: { ToAddresses: ['manager@example.org'] },
        Content: { Simple: { Subject: { Data: 'Report waiting', Charset: 'UTF-8' }, Body: { Text: { Data: 'Please approve.\n\nExpenseReport r1', Charset: 'UTF-8' } } } },
      },
    ]);
  });

  it('fails without a sender, before calling SES (the step shows why)', async () => {
    const mailer = new SesWorkflowMailer({ client: new SESv2Client({ region: 'us-east-2' }), from: undefined });
    await expect(mailer.send({ to: 'a@example.org', subject: 's', body: 'b' })).rejects.toThrow(/no sender address for workflow mail.*workflowMailFrom/);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it("passes SES's refusal on (a failed attempt the step's retries cover)", async () => {
    ses.on(SendEmailCommand).rejects(new Error('Email address is not verified.'));
    const mailer = new SesWorkflowMailer({ client: new SESv2Client({ region: 'us-east-2' }), from: 'workflows@example.org' });
    await expect(mailer.send({ to: 'a@example.org', subject: 's', body: 'b' })).rejects.toThrow(/not verified/);
  });
});
