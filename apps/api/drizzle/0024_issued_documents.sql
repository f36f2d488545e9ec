CREATE TABLE "issued_documents" (
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"data_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "issued_documents_kind_subject_id_data_hash_pk" PRIMARY KEY("kind","subject_id","data_hash")
);
