import type { Connection as MongooseConnection } from 'mongoose';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';

export interface AppDeps {
  config: Config;
  mongo: MongooseConnection;
  temporal: Client;
}
