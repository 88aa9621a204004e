// Run once by the mongo image on the database's first start (docker-entrypoint-initdb.d), as the
// root user: the user the API and the workers connect as may read and write the service's database
// and nothing else (no other database, no users, no server administration).
db.getSiblingDB('admin').createUser({
  user: 'voice_agent',
  pwd: process.env.MONGO_PASSWORD,
  roles: [{ role: 'readWrite', db: 'voice_agent' }],
});
