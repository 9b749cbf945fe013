// Test runs keep request logs quiet unless asked (POWERTOOLS_LOG_LEVEL=INFO npm test).
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
