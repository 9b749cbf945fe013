/** THE CloudFormation stack name of a project: the deployer's steps, its template and the exported CDK app use this one. */
export const projectStackName = (projectId: string): string => `BgsProject-${projectId}`;
