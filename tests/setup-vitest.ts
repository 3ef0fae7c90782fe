process.env.DISABLE_RATE_LIMIT ??= "";
