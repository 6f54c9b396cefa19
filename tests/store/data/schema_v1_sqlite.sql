-- The store's schema before migrations existed (commit 0f5bcdf, what MemoryStore._create_tables
-- created): migration 1. Generated from that commit's tables with SQLAlchemy's CreateTable/CreateIndex
-- for the sqlite dialect. Frozen: never edit it, it is what users' databases look like.

CREATE TABLE memory (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	namespace VARCHAR(200) NOT NULL, 
	content TEXT NOT NULL, 
	normalized TEXT NOT NULL, 
	content_hash VARCHAR(64) NOT NULL, 
	type VARCHAR(20) NOT NULL, 
	category VARCHAR(40) NOT NULL, 
	importance FLOAT NOT NULL, 
	metadata JSON, 
	embedding BLOB, 
	embed_model VARCHAR(200), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	CONSTRAINT uq_memory_namespace_hash UNIQUE (namespace, content_hash)
);

CREATE INDEX ix_memory_namespace ON memory (namespace);

CREATE TABLE memory_edge (
	id INTEGER NOT NULL, 
	namespace VARCHAR(200) NOT NULL, 
	src INTEGER NOT NULL, 
	dst INTEGER NOT NULL, 
	kind VARCHAR(20) NOT NULL, 
	score FLOAT NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_memory_edge UNIQUE (src, dst, kind)
);

CREATE INDEX ix_memory_edge_dst ON memory_edge (dst);

CREATE INDEX ix_memory_edge_src ON memory_edge (src);

CREATE TABLE memory_queue (
	id INTEGER NOT NULL, 
	queue_id VARCHAR(40) NOT NULL, 
	position INTEGER NOT NULL, 
	namespace VARCHAR(200) NOT NULL, 
	item JSON NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	outcome JSON, 
	created_at DATETIME NOT NULL, 
	done_at DATETIME, 
	PRIMARY KEY (id)
);

CREATE INDEX ix_memory_queue_queue_id ON memory_queue (queue_id);

CREATE INDEX ix_memory_queue_status_id ON memory_queue (status, id);

CREATE TABLE memory_namespace (
	namespace VARCHAR(200) NOT NULL, 
	version INTEGER NOT NULL, 
	PRIMARY KEY (namespace)
);
