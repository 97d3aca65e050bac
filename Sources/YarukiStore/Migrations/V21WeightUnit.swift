extension Migrations {
    // kg or lb per person: weights stay stored in kg (grams in workout_sets); this says how to show them.
    static let v21WeightUnit = Migration(21, "weight unit") { _ in
        ["ALTER TABLE users ADD COLUMN weight_unit TEXT NOT NULL DEFAULT 'kg'"]
    }
}
