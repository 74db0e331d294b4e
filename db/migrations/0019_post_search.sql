-- searchPosts (issue 16; seed foodstabook.md 2.7.1; API.md "Posts, newsfeed, search, food suggestions"): a post
-- matches by its caption (full text), its author's nickname (users_nickname_trgm_idx, 0005) or its author's
-- e-mail address (users_email_key, 0001). This adds the caption's path.
--
-- The 'english' configuration, not 'simple': captions and searches are English (the seed's language), and
-- stemming lets "tacos" find "taco" and "baking" find "baked", while stop words ("the", "with") neither match
-- nor count in the rank. Words the dictionary does not know (names, e-mail addresses) are kept as written,
-- lower-cased. The column is derived, so it can never disagree with the caption; a post without a caption has an
-- empty vector, which matches nothing.
ALTER TABLE posts ADD COLUMN caption_search tsvector
    GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(caption, ''))) STORED;

-- The caption matches of live posts (`caption_search @@ query`); ts_rank then reads the stored vector.
CREATE INDEX posts_caption_search_idx ON posts USING gin (caption_search) WHERE deleted_at IS NULL;
