/**
 * A workflow's mail on AWS: one SES v2 SendEmail per recipient (task-actions.ts sends one mail
 * per address, so no recipient sees another's address), plain text, from the address the
 * project's stack configures. Without a From address a notify step fails with why, on every
 * attempt, rather than dropping its mail: the instance then shows the step as failed.
 */
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';

export interface SesWorkflowMailerOptions {
  readonly client: SESv2Client;
  /** The verified sender (an address of an SES identity); absent: mail cannot be sent. */
  readonly from: string | undefined;
}

/** The workflow mailer port (project-runtime/workflows/task-actions.ts `WorkflowMailer`), matched by shape. */
export class SesWorkflowMailer {
  constructor(private readonly options: SesWorkflowMailerOptions) {}

  async send(mail: { to: string; subject: string; body: string }): Promise<void> {
    const { from } = this.options;
    if (!from) throw new Error("This project's stack sets no sender address for workflow mail (the ProjectStack prop workflowMailFrom): the notify step cannot send");
    await this.options.client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.body, Charset: 'UTF-8' } } } },
      }),
    );
  }
}
