extension Migrations {
    // A post's photos as a line each ("id sha256 width height size", in order) on the post itself,
    // kept by every change of its photos (`PostStore.setPhotos`): a board page read its twenty
    // posts joined to their photos, a row per photo and the rows sorted again, which was half of
    // SQLite's time for the page (34 µs in C, 17 without the photos). The photos table stays what
    // they are; the list is what a page shows. The posts written before it get theirs here, by
    // the statement `setPhotos` runs.
    static let v53PostPhotoLists = Migration(53, "post photo lists") { dialect in
        ["ALTER TABLE posts ADD COLUMN photo_list TEXT NOT NULL DEFAULT ''",
         PostStore.photoListStatement(dialect, "id IN (SELECT post_id FROM photos WHERE post_id IS NOT NULL)")]
    }
}
