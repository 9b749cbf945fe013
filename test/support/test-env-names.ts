/** How global-setup.ts hands the run's DynamoDB Local to the test files (their environment). */
export const TEST_DYNAMODB_ENDPOINT_ENV = 'BGS_TEST_DYNAMODB_ENDPOINT';
export const TEST_CREDENTIALS_FILE_ENV = 'BGS_TEST_LOCAL_CREDENTIALS_FILE';
